/** The server-by-server matrix: how many original names each pair of servers shares. */
import type { CollisionMatrix } from "./collision-matrix";

export function CollisionMatrixView({ matrix }: { matrix: CollisionMatrix }) {
  if (matrix.servers.length === 0) return null;
  return (
    <section aria-labelledby="matrix-heading">
      <h2 id="matrix-heading">Shared names by server pair</h2>
      <div style={{ overflowX: "auto" }}>
        <table className="matrix" aria-labelledby="matrix-heading" data-testid="collision-matrix">
          <thead>
            <tr>
              <th scope="col"><span className="sr-only">Server</span></th>
              {matrix.servers.map((s) => <th key={s} scope="col">{s}</th>)}
            </tr>
          </thead>
          <tbody>
            {matrix.servers.map((row, i) => (
              <tr key={row}>
                <th scope="row">{row}</th>
                {matrix.servers.map((col, j) => {
                  const count = matrix.counts[i][j];
                  const diagonal = i === j;
                  return (
                    <td
                      key={col}
                      className={diagonal ? "diagonal" : count > 0 ? "has-shared" : undefined}
                      title={count ? `${diagonal ? `${row}: colliding names` : `${row} and ${col} share`}: ${matrix.names[i][j].join(", ")}` : undefined}
                      data-pair={`${row}|${col}`}
                    >
                      {count || (diagonal ? "·" : "")}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">The diagonal counts how many of a server&apos;s names collide with any other server.</p>
    </section>
  );
}
