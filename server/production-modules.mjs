// React Router publishes a production build beside its development one, but its package exports send Node to the
// development build in every case (invariants, warnings and dev-only checks on each request). In production, this
// resolve hook loads the production build instead, for every importer, so there is still a single copy of the
// package. Registered by server/index.mjs before the app is imported.
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (!resolved.url.includes("/node_modules/react-router/dist/development/")) return resolved;
  return { ...resolved, url: resolved.url.replace("/dist/development/", "/dist/production/") };
}
