/** The server entry of the production build in `buildDir`. */
export function serverBuildOf(buildDir: string): string;
/** Whether the production build in `buildDir` is as new as the app, the server and the build's configuration. */
export function buildIsCurrent(buildDir: string): boolean;
