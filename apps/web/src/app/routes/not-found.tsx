import { PATHS } from '@agency/shared';
import { PageHead } from '@/components/seo/page-head';
import { Link } from '@/components/ui/link';
import { NOT_FOUND } from '@/content/contact';
import { HEADER_LINKS, SERVICES_MENU } from '@/content/navigation';
import './pages.css';

export default function NotFoundPage() {
  const suggestions = [HEADER_LINKS.services, ...HEADER_LINKS.after, SERVICES_MENU[SERVICES_MENU.length - 1]!];
  return (
    <>
      <PageHead title={NOT_FOUND.title} description={NOT_FOUND.metaDescription} />
      <section className="section not-found">
        <div className="container not-found__inner">
          <p className="not-found__code" aria-hidden="true">
            404
          </p>
          <h1>{NOT_FOUND.heading}</h1>
          <p>{NOT_FOUND.text}</p>
          <ul className="not-found__links">
            {suggestions.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
          <Link to={PATHS.home} className="btn btn--primary btn--large">
            {NOT_FOUND.homeLabel}
          </Link>
        </div>
      </section>
    </>
  );
}
