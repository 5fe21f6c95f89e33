/** Names as code, comma-separated: collision names, server ids. */
import { Fragment } from "react";

export function CodeList({ names }: { names: readonly string[] }) {
  return (
    <>
      {names.map((name, i) => (
        <Fragment key={name}>
          {i > 0 ? ", " : null}
          <code>{name}</code>
        </Fragment>
      ))}
    </>
  );
}
