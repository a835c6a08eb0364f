import { redirect } from "react-router";

// Any unknown path goes to the home page.
export const loader = () => redirect("/");
export const action = () => redirect("/");
