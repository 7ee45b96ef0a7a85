import { QuoteForm } from '@/features/quote-form';
import { PageHero } from '@/components/sections/page-hero';
import { PageHead } from '@/components/seo/page-head';
import { BRAND, telUrl, WHATSAPP_URL } from '@/content/brand';
import { REQUEST_QUOTE } from '@/content/contact';
import './pages.css';

export default function RequestQuotePage() {
  return (
    <>
      <PageHead title={REQUEST_QUOTE.title} description={REQUEST_QUOTE.metaDescription} />
      <PageHero
        eyebrow="Start a project"
        heading={REQUEST_QUOTE.heading}
        intro={<p>{REQUEST_QUOTE.intro}</p>}
        illustration={REQUEST_QUOTE.illustration}
      />
      <section className="section">
        <div className="container contact-layout">
          <div className="card form-card">
            <h2 className="card__title">Your project</h2>
            <QuoteForm />
          </div>
          <aside className="contact-details" aria-labelledby="next-steps-heading">
            <h2 id="next-steps-heading" className="card__title">
              {REQUEST_QUOTE.nextStepsHeading}
            </h2>
            <ol className="steps-list">
              {REQUEST_QUOTE.nextSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <p>
              Prefer to talk? Call <a href={telUrl(BRAND.phones.office)}>{BRAND.phones.office.display}</a> or{' '}
              <a href={WHATSAPP_URL} target="_blank" rel="noopener">
                message us on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              .
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
