import type { Route } from "./+types/conversation-messages";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { idParam, parseOr400 } from "#app/lib/http.server.ts";
import { once } from "#app/modules/access-tokens/idempotency.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { openConversation, sendMessage } from "#app/modules/messages/messages.server.ts";
import { conversationPageSchema, sendMessageSchema } from "#app/modules/messages/schema.ts";

/**
 * GET /api/v1/conversations/{id}/messages (scope messages): the conversation with person {id} as Messages opens it,
 * up to 50 messages (oldest first) before `before` or the newest; reading marks their messages read, as the screen
 * does. Someone the holder has no conversation with (and no booking that lets them start one) is a 404.
 */
export const loader = api(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = holderWith(context, "messages");
  const otherId = idParam(params.id);
  const { before } = parseOr400(conversationPageSchema, Object.fromEntries(new URL(request.url).searchParams));
  const { person, refusal, blockedByMe, blockedMe, messages, hasEarlier } = await openConversation(user, otherId, { before });
  return { person, canWrite: refusal === null, refusal, blockedByMe, blockedMe, messages, hasEarlier };
});

/**
 * POST /api/v1/conversations/{id}/messages (scope messages): sends {body} to person {id} with the screen's rules (a
 * booking between them, or the support team writing first; not blocked; 1 to 5,000 characters), which starts the
 * conversation when it is the first → 201 {message}. Takes an Idempotency-Key.
 */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const holder = holderWith(context, "messages");
  return once(holder, request, async () => {
    const input = parseOr400(sendMessageSchema, { ...(await jsonBody(request)), recipientId: idParam(params.id) });
    const sent = await sendMessage(holder.user, input);
    return Response.json({ message: { id: sent.id, body: input.body, createdAt: sent.createdAt, readAt: null, fromMe: true } }, { status: 201 });
  });
});
