/** An organisation's key: its name lower-cased with spacing collapsed, so "Grace  church" and "Grace Church" are one. */
export function organisationNameKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/** The name as it is shown and stored: trimmed, inner spacing collapsed, case kept. */
export function tidyOrganisationName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}
