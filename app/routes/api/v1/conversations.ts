import type { Route } from "./+types/conversations";
import { api } from "#app/lib/api.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { listNewContacts, listThreads } from "#app/modules/messages/messages.server.ts";
import { threadList } from "#app/modules/messages/schema.ts";

/**
 * GET /api/v1/conversations (scope messages): the holder's conversations as their Messages screen lists them, most
 * recent first (page, limit, search by the other person's name or organisation) → {conversations, contacts, meta};
 * `contacts` are the people they may start a conversation with (a shared booking, nothing written yet).
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  const { user } = holderWith(context, "messages");
  const { state } = parseList(threadList, new URL(request.url).searchParams);
  const [{ data, meta }, contacts] = await Promise.all([listThreads(user, state), listNewContacts(user)]);
  return { conversations: data, contacts, meta };
});
