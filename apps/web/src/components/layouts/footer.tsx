import { Link } from '@/components/ui/link';
import { BRAND, FULL_ADDRESS, mailUrl, telUrl, WHATSAPP_URL } from '@/content/brand';
import { FOOTER_COLUMNS } from '@/content/navigation';
import { Logo } from './logo';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <Logo inverted />
          <p>{BRAND.shortDescription}</p>
          <ul className="social-links" aria-label="Follow us">
            {BRAND.social.map((link) => (
              <li key={link.network}>
                <a href={link.url} className="social-links__link" rel="noopener" target="_blank">
                  <span className={`social-links__icon social-links__icon--${link.network}`} aria-hidden="true" />
                  <span className="visually-hidden">{`${BRAND.name} on ${link.label} (opens in a new tab)`}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.heading} aria-label={column.heading} className="site-footer__column">
            <h2 className="site-footer__heading">{column.heading}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="site-footer__column">
          <h2 className="site-footer__heading">Contact</h2>
          <address>
            <ul>
              <li>
                <a href={telUrl(BRAND.phones.office)}>{BRAND.phones.office.display}</a>
              </li>
              <li>
                <a href={WHATSAPP_URL} rel="noopener" target="_blank">
                  {`WhatsApp ${BRAND.phones.whatsapp.display}`}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
              <li>
                <a href={mailUrl(BRAND.emails.business)}>{BRAND.emails.business}</a>
              </li>
              <li>{FULL_ADDRESS}</li>
            </ul>
          </address>
        </div>
      </div>
      <div className="site-footer__bottom container">
        <p>
          © <span suppressHydrationWarning>{year}</span>
          {` ${BRAND.name}. All rights reserved.`}
        </p>
      </div>
    </footer>
  );
}
