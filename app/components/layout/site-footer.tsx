import { Link } from "react-router";

const columns = [
  {
    heading: "Quick Links",
    links: [
      { to: "/search", label: "Find a Mentor" },
      { to: "/become-mentor", label: "Become a Mentor" },
      { to: "/platform", label: "Our Platform" },
    ],
  },
  {
    heading: "Resources",
    links: [
      { to: "/resources", label: "Resources" },
      { to: "/blog", label: "Blog" },
      { to: "/success-stories", label: "Success Stories" },
      { to: "/faq", label: "FAQ" },
      { to: "/support", label: "Support Center" },
    ],
  },
  {
    heading: "Legal",
    links: [
      { to: "/privacy-policy", label: "Privacy Policy" },
      { to: "/terms-of-service", label: "Terms of Service" },
      { to: "/cookie-policy", label: "Cookie Policy" },
      { to: "/accessibility", label: "Accessibility" },
    ],
  },
];

// Simple brand marks drawn inline: no icon font or CDN.
const socials = [
  { label: "Facebook", href: "https://www.facebook.com/", path: "M14 8h3V4h-3c-2.8 0-4 1.7-4 4.2V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5Z" },
  { label: "X", href: "https://x.com/", path: "M4 4h4.5l4 5.6L17 4h3l-6.1 7.4L20.5 20H16l-4.3-6-5 6H4l6.4-7.6Z" },
  { label: "Instagram", href: "https://www.instagram.com/", path: "M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Zm4 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.2-1.9a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4Z" },
  { label: "YouTube", href: "https://www.youtube.com/", path: "M21.6 7.2a2.7 2.7 0 0 0-1.9-1.9C18 4.8 12 4.8 12 4.8s-6 0-7.7.5a2.7 2.7 0 0 0-1.9 1.9C2 8.9 2 12 2 12s0 3.1.4 4.8a2.7 2.7 0 0 0 1.9 1.9c1.7.5 7.7.5 7.7.5s6 0 7.7-.5a2.7 2.7 0 0 0 1.9-1.9c.4-1.7.4-4.8.4-4.8s0-3.1-.4-4.8ZM10 15.1V8.9l5.2 3.1Z" },
];

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">Ministry Mentors</p>
          <p className="mt-3 text-sm leading-relaxed">
            Connecting pastors and ministry leaders with experienced mentors for wisdom, encouragement and growth in ministry.
          </p>
          <ul className="mt-4 flex gap-3" aria-label="Follow us">
            {socials.map((social) => (
              <li key={social.label}>
                <a href={social.href} aria-label={social.label} className="flex size-9 items-center justify-center rounded-full bg-brand-800 text-white hover:bg-brand-700" rel="noreferrer" target="_blank">
                  <svg viewBox="0 0 24 24" aria-hidden className="size-4 fill-current"><path d={social.path} /></svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{column.heading}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-white hover:underline">{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-6 py-5 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>© {year} Ministry Mentors. All rights reserved.</p>
          <ul className="flex gap-4">
            <li><Link to="/privacy" className="hover:text-white hover:underline">Privacy</Link></li>
            <li><Link to="/terms" className="hover:text-white hover:underline">Terms</Link></li>
            <li><Link to="/contact" className="hover:text-white hover:underline">Contact</Link></li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
