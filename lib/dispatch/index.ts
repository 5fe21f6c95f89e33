/**
 * lib/dispatch: the pure dispatcher (docs/calls.md): a call under its client's name resolved through
 * that client's view, checked against the tool's original schema and the permission rules, and the
 * three JSONs of the call. No I/O: the dashboard, the CLI and a generated Agent SDK dispatcher share it.
 */
export * from "./types";
export { decline, describeArgumentErrors, dispatch, namesIfSent, resolveCallName, MAX_NAMES_LISTED, type Resolution } from "./dispatch";
export { readBlock, readResult, type ContentBlockReading, type ResultReading } from "./read-result";
export { codexParts, lookupName, modelToolCall, modelToolError, toolsCallParams, toolsCallRequest } from "./wire";
