/** The message of a refusal a loader threw with `throwForScreen` (`data({ message }, { status })`), if any. */
export function routeErrorMessage(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "data" in error ? (error as { data?: { message?: string } }).data?.message : undefined;
}
