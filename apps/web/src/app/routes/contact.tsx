import { useState } from 'react';
import { ContactForm } from '@/features/contact-form';
import { PageHero } from '@/components/sections/page-hero';
import { PageHead } from '@/components/seo/page-head';
import { BRAND, FULL_ADDRESS, mailUrl, telUrl, WHATSAPP_URL } from '@/content/brand';
import { CONTACT } from '@/content/contact';
import './pages.css';

/** The map is a Google embed: it is only requested when the visitor asks for it (CONVENTIONS: no request leaves on load). */
function MapOnRequest() {
  const [shown, setShown] = useState(false);
  return (
    <div className="map">
      {shown ? (
        <iframe
          className="map__frame"
          title={CONTACT.map.iframeTitle}
          src={CONTACT.map.embedUrl}
          width="600"
          height="400"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      ) : (
        <div className="map__placeholder">
          <img src="/images/illustrations/map.svg" width={600} height={400} alt="" loading="lazy" decoding="async" />
          <div className="map__overlay">
            <p>{CONTACT.map.note}</p>
            <button type="button" className="btn btn--primary" onClick={() => setShown(true)}>
              {CONTACT.map.button}
            </button>
          </div>
        </div>
      )}
      <p>
        <a href={CONTACT.map.directionsUrl} target="_blank" rel="noopener">
          {CONTACT.map.directionsLabel}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}

export default function ContactPage() {
  return (
    <>
      <PageHead title={CONTACT.title} description={CONTACT.metaDescription} />
      <PageHero
        eyebrow="Get in touch"
        heading={CONTACT.heading}
        intro={<p>{CONTACT.intro}</p>}
        illustration={CONTACT.illustration}
      />
      <section className="section">
        <div className="container contact-layout">
          <div className="card form-card">
            <h2 className="card__title">{CONTACT.formHeading}</h2>
            <ContactForm />
          </div>
          <div className="contact-details">
            <h2 className="card__title">{CONTACT.detailsHeading}</h2>
            <dl>
              <div className="contact-details__row">
                <dt>{CONTACT.phoneLabel}</dt>
                <dd>
                  <a href={telUrl(BRAND.phones.office)}>{BRAND.phones.office.display}</a>
                </dd>
              </div>
              <div className="contact-details__row">
                <dt>{CONTACT.whatsappLabel}</dt>
                <dd>
                  <a href={telUrl(BRAND.phones.whatsapp)}>{BRAND.phones.whatsapp.display}</a>
                  <br />
                  <a href={WHATSAPP_URL} target="_blank" rel="noopener">
                    {CONTACT.whatsappLinkText}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </dd>
              </div>
              <div className="contact-details__row">
                <dt>{CONTACT.emailLabel}</dt>
                <dd>
                  <a href={mailUrl(BRAND.emails.business)}>{BRAND.emails.business}</a>
                  <br />
                  <a href={mailUrl(BRAND.emails.training)}>{BRAND.emails.training}</a>
                </dd>
              </div>
              <div className="contact-details__row">
                <dt>{CONTACT.addressLabel}</dt>
                <dd>
                  <address>{FULL_ADDRESS}</address>
                </dd>
              </div>
              <div className="contact-details__row">
                <dt>{CONTACT.hoursLabel}</dt>
                <dd>{BRAND.openingHours}</dd>
              </div>
            </dl>
            <h2 className="card__title">{CONTACT.map.heading}</h2>
            <MapOnRequest />
          </div>
        </div>
      </section>
    </>
  );
}
