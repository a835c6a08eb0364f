/** Claims are kept in 15-minute blocks: every session length, buffer and start time is a multiple of it. */
export const BLOCK_MINUTES = 15;
const BLOCK_MS = BLOCK_MINUTES * 60_000;

/**
 * The blocks a session takes on the guide's calendar: from its start to its end plus the guide's buffer
 * (the buffer follows each session, so the one before a session is the earlier session's). Starts are
 * aligned to blocks; the end is rounded up.
 */
export function blocksFor(startsAt: Date, minutes: number, bufferMinutes: number): Date[] {
  const start = Math.floor(startsAt.getTime() / BLOCK_MS) * BLOCK_MS;
  const end = startsAt.getTime() + (minutes + bufferMinutes) * 60_000;
  const blocks: Date[] = [];
  for (let t = start; t < end; t += BLOCK_MS) blocks.push(new Date(t));
  return blocks;
}
