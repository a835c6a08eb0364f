import { Link } from "react-router";

export default function Home() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-6 py-20 text-center">
          <h1 className="text-4xl font-bold tracking-tight text-brand-900 sm:text-5xl">Wisdom for the road of ministry</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
            Pastors and ministry leaders meet experienced mentors who have walked the same road — for counsel, encouragement and growth.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <Link to="/search" className="rounded-md bg-brand-600 px-6 py-3 font-semibold text-white shadow hover:bg-brand-700">Find a Mentor</Link>
            <Link to="/become-mentor" className="rounded-md bg-white px-6 py-3 font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50">Become a Mentor</Link>
          </div>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-6 px-6 py-16 sm:grid-cols-3">
        {[
          { heading: "Find the right guide", body: "Search mentors by ministry area, specialty and language." },
          { heading: "Book a session", body: "Pick a time that suits you and pay securely by card." },
          { heading: "Grow together", body: "Keep the conversation going with messages between sessions." },
        ].map((item) => (
          <article key={item.heading} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold text-brand-800">{item.heading}</h2>
            <p className="mt-2 text-slate-600">{item.body}</p>
          </article>
        ))}
      </section>
    </>
  );
}
