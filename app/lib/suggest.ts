/**
 * The suggestions a JSON route (`{data: string[]}`, such as GET /api/organisations) gives for what is typed, handed to
 * `show` for a <datalist>;
 * nothing typed, nothing offered (the browser's list would open over the rest of the form). Loaded on the first
 * keystroke, so a page's first download carries none of it. A failed request changes nothing: typing still works.
 */
let latest = "";
export async function suggest(url: string, value: string, show: (names: string[]) => void) {
  const term = value.trim().slice(0, 100);
  latest = term;
  if (!term) return show([]);
  try {
    const response = await fetch(`${url}?search=${encodeURIComponent(term)}`);
    const { data } = (await response.json()) as { data: string[] };
    if (response.ok && latest === term) show(data);
  } catch {
    // Suggestions are a convenience.
  }
}
