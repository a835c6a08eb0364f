import { Link } from "react-router";

export default function Unauthorized() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>Unauthorized Access · Ministry Mentors</title>
      <h1 className="text-3xl font-bold text-slate-900">Unauthorized Access</h1>
      <p className="mt-3 text-slate-600">You do not have permission to view this page.</p>
      <Link to="/" className="mt-6 inline-block font-medium text-brand-600 underline">Return to the home page</Link>
    </section>
  );
}
