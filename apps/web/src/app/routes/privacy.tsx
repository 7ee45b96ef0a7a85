import { PageHero } from '@/components/sections/page-hero';
import { PageHead } from '@/components/seo/page-head';
import { Link } from '@/components/ui/link';
import { BRAND, mailUrl } from '@/content/brand';
import { PRIVACY } from '@/content/privacy';
import { formatLongDate } from '@/lib/format-date';
import './pages.css';
import './prose.css';

/** The privacy notice every public form links to (issue 10, item 9). */
export default function PrivacyPage() {
  return (
    <>
      <PageHead title={PRIVACY.title} description={PRIVACY.metaDescription} />
      <PageHero
        eyebrow={PRIVACY.eyebrow}
        heading={PRIVACY.heading}
        intro={<p>{PRIVACY.intro}</p>}
        illustration={PRIVACY.illustration}
      >
        <p className="page-hero__note">
          {PRIVACY.updatedLabel}: <time dateTime={PRIVACY.updated}>{formatLongDate(PRIVACY.updated)}</time>
        </p>
      </PageHero>
      <div className="section">
        <div className="container prose">
          <section className="note prose__summary" aria-labelledby="privacy-summary">
            <h2 id="privacy-summary">{PRIVACY.summaryHeading}</h2>
            <ul className="checklist">
              {PRIVACY.summary.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="privacy-who">
            <h2 id="privacy-who">{PRIVACY.who.heading}</h2>
            <p>{PRIVACY.who.text}</p>
          </section>

          <section aria-labelledby="privacy-forms">
            <h2 id="privacy-forms">{PRIVACY.formsHeading}</h2>
            <p>{PRIVACY.formsIntro}</p>
            <ul className="privacy-forms">
              {PRIVACY.forms.map((form) => (
                <li key={form.kind} className="card privacy-forms__card">
                  <h3 className="card__title">
                    <Link to={form.path}>{form.name}</Link>
                  </h3>
                  <ul className="prose__list">
                    {Object.entries(form.fields).map(([field, label]) => (
                      <li key={field}>{label}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            <h3>{PRIVACY.alsoHeading}</h3>
            <ul className="prose__list">
              {PRIVACY.also.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p>{PRIVACY.notKept}</p>
          </section>

          <section aria-labelledby="privacy-why">
            <h2 id="privacy-why">{PRIVACY.whyHeading}</h2>
            {PRIVACY.why.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>

          <section aria-labelledby="privacy-how-long">
            <h2 id="privacy-how-long">{PRIVACY.howLongHeading}</h2>
            <p>{PRIVACY.howLongIntro}</p>
            <dl className="retention-list">
              {PRIVACY.howLong.map((row) => (
                <div key={row.what} className="retention-list__row">
                  <dt>{row.what}</dt>
                  <dd>at most {row.period}</dd>
                </div>
              ))}
            </dl>
            <p>{PRIVACY.howLongOutro}</p>
            <p>{PRIVACY.backups}</p>
          </section>

          <section aria-labelledby="privacy-who-reads">
            <h2 id="privacy-who-reads">{PRIVACY.whoHeading}</h2>
            {PRIVACY.whoReads.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>

          <section aria-labelledby="privacy-rights">
            <h2 id="privacy-rights">{PRIVACY.rightsHeading}</h2>
            <p>{PRIVACY.rightsIntro}</p>
            <ul className="prose__list">
              {PRIVACY.rights.map((right) => (
                <li key={right}>{right}</li>
              ))}
            </ul>
            <p>
              {PRIVACY.howToAsk.before}{' '}
              <a href={mailUrl(BRAND.emails.business)} className="prose__strong-link">
                {BRAND.emails.business}
              </a>{' '}
              {PRIVACY.howToAsk.after}
            </p>
            <p>{PRIVACY.complaint}</p>
          </section>
        </div>
      </div>
    </>
  );
}
