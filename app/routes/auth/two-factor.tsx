import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/two-factor";
import { replyToForm } from "#app/lib/form.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { authLinks } from "#app/lib/links.ts";
import { safeRedirect } from "#app/lib/redirect.server.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";
import { dashboardFor } from "#app/lib/roles.ts";
import { AccountCard } from "#app/modules/accounts/account-ui.tsx";
import { secondFactorSchema } from "#app/modules/two-factor/schema.ts";
import { checkSecondFactor } from "#app/modules/two-factor/two-factor.server.ts";
import { CodeForm } from "#app/modules/two-factor/two-factor-ui.tsx";
import { refuseAccountForm, retryAfterHeaders } from "./form-reply.server.ts";
import { completeSignIn, pendingSignIn } from "./two-factor.server.ts";

/** /login/two-factor: after a right password, the code from the authenticator app (or a recovery code) signs the person in. */
export async function loader({ request }: Route.LoaderArgs) {
  const { person } = await pendingSignIn(request);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), request, "") || null;
  return { redirectTo, admin: person.role === "admin" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { token, person } = await pendingSignIn(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: secondFactorSchema });
  if (submission.status !== "success") return replyToForm(submission);
  try {
    await checkSecondFactor(person, submission.value.code, context.get(requestInfo).clientAddress);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // A wrong code is a 401, as a wrong password is on the sign-in form.
    const reply = refuseAccountForm(submission, error);
    return error.status === 401 ? data(reply.data, { status: 401 }) : reply;
  }
  const target = safeRedirect(formData.get("redirectTo"), request, dashboardFor[person.role]);
  throw redirect(target, { headers: { "Set-Cookie": await completeSignIn(token, person) } });
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function TwoFactorStep({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, admin } = loaderData;
  return (
    <AccountCard
      title="Two-factor sign-in"
      lead="Enter the 6-digit code your authenticator app shows for Ministry Mentors. Lost your phone? Enter one of your recovery codes instead."
      aside={
        <Link to={admin ? authLinks.adminLogin : authLinks.login} className="font-medium text-brand-700 underline">
          Start again
        </Link>
      }
    >
      <CodeForm id="two-factor-code" label="Code" submit="Sign in" pending="Signing in…" lastResult={actionData} autoFocus>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      </CodeForm>
    </AccountCard>
  );
}
