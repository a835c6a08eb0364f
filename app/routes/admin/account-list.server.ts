import { signedInUser } from "#app/lib/guards.server.ts";
import { backTo, HttpError, parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { parseId } from "#app/lib/id.ts";
import type { ListDefinition, ListFilters, ListFilterValues, ListResult, ListState } from "#app/lib/list.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { findGuideName, listGuides, type GuideListRow } from "#app/modules/guides/guides.server.ts";
import { guideList, type GuideSort } from "#app/modules/guides/schema.ts";
import { accountListIntentSchema, userList, type UserSort } from "#app/modules/users/schema.ts";
import { findUserName, listUsers, type UserListRow } from "#app/modules/users/users.server.ts";
import { setAccountStatus, softDeleteAccount, type AccountRole } from "#app/modules/accounts/accounts.server.ts";

/** The two account lists of the console: User Management (role user) and Guides (role guide). */
type Sorts = { user: UserSort; guide: GuideSort };
type Filters = { user: typeof userList.filters; guide: typeof guideList.filters };
type Rows = { user: UserListRow; guide: GuideListRow };

type AccountList<S extends string, F extends ListFilters, Row> = {
  definition: ListDefinition<S, F>;
  list: (state: ListState<S>, filters: ListFilterValues<F>) => Promise<ListResult<Row>>;
  findName: (id: number) => Promise<{ id: number; name: string } | null>;
  /** Texts of the delete toasts. */
  deleted: { title: string; unnamed: string; failed: string };
};

const accountLists: { [R in AccountRole]: AccountList<Sorts[R], Filters[R], Rows[R]> } = {
  user: {
    definition: userList,
    list: listUsers,
    findName: findUserName,
    deleted: { title: "User Deleted", unnamed: "The user", failed: "Failed to delete user" },
  },
  guide: {
    definition: guideList,
    list: listGuides,
    findName: findGuideName,
    deleted: { title: "Mentor Deleted", unnamed: "The guide", failed: "Failed to delete mentor" },
  },
};

/** The list screen's loader: one page of accounts, the list state, and the account that `?delete=` asks about. */
export async function accountListLoader<R extends AccountRole>({ request, role }: { request: Request; role: R }) {
  const { definition, list, findName } = accountLists[role];
  const url = new URL(request.url);
  try {
    const { state, filters } = parseScreenList(definition, url);
    const { data: accounts, meta } = await list(state, filters);
    redirectPastLastPage(url, state, meta);
    const deleteId = parseId(url.searchParams.get("delete"));
    const toDelete = deleteId ? await findName(deleteId) : null;
    return { accounts, meta, state, filters, toDelete };
  } catch (error) {
    throwForScreen(error);
  }
}

/** The list screen's action: the status switch (intent status) and the delete dialog (intent delete), answered with a toast. */
export async function accountListAction({ request, context, role }: { request: Request; context: Parameters<typeof signedInUser>[0]; role: AccountRole }) {
  const admin = signedInUser(context);
  const { findName, deleted } = accountLists[role];
  const back = backTo(request, ["delete"]);
  const form = Object.fromEntries(await request.formData());
  const isDelete = form.intent === "delete";
  try {
    const input = parseOr400(accountListIntentSchema, form);
    if (input.intent === "status") {
      await setAccountStatus({ accountType: role, id: input.id, action: input.status }, admin);
      return redirectWithSuccess(back, {
        message: "Action Successful",
        description: input.status === "active" ? "Activated successfully" : "Deactivated successfully",
      });
    }
    const account = await findName(input.id);
    await softDeleteAccount(role, input.id, admin);
    return redirectWithSuccess(back, { message: deleted.title, description: `${account?.name ?? deleted.unnamed} has been deleted.` });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirectWithError(back, {
      message: isDelete ? "Deletion Failed" : "Action Failed",
      description: error.message || (isDelete ? deleted.failed : "Failed to update status"),
    });
  }
}
