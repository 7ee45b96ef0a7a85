import { useEffect, useRef } from 'react';
import { BRAND, telUrl, WHATSAPP_URL } from '@/content/brand';
import { QUICK_CONTACT, whatsappGreeting } from '@/content/quick-contact';
import './quick-contact.css';

/**
 * WhatsApp and call buttons that stay at hand on phones (hidden from the header's desktop breakpoint up by CSS).
 * Plain links, so they work without JavaScript. With it, they step aside while any form is on screen, so they
 * never cover a form's submit button; without it, they step aside while a form control has focus (CSS), and they
 * sit in a column at the right edge that the forms' left-aligned buttons never reach.
 */
export function QuickContact({ pageName }: { pageName: string }) {
  const bar = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = bar.current;
    const forms = document.querySelectorAll('form');
    if (!element || forms.length === 0 || typeof IntersectionObserver !== 'function') return;
    const onScreen = new Set<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) onScreen.add(entry.target);
        else onScreen.delete(entry.target);
      }
      element.toggleAttribute('data-form-on-screen', onScreen.size > 0);
    });
    forms.forEach((form) => observer.observe(form));
    return () => observer.disconnect();
  }, []);

  return (
    <nav ref={bar} className="quick-contact" aria-label={QUICK_CONTACT.label}>
      <a
        className="quick-contact__link quick-contact__link--whatsapp"
        href={`${WHATSAPP_URL}?text=${encodeURIComponent(whatsappGreeting(pageName))}`}
        // A page drawn from the site's content is hydrated without it (docs/decisions/0043): the server's greeting,
        // which names the page, stays.
        suppressHydrationWarning
        target="_blank"
        rel="noopener"
      >
        <span className="visually-hidden">{QUICK_CONTACT.whatsapp}</span>
      </a>
      <a className="quick-contact__link quick-contact__link--call" href={telUrl(BRAND.phones.office)}>
        <span className="visually-hidden">
          {QUICK_CONTACT.call} {BRAND.phones.office.display}
        </span>
      </a>
    </nav>
  );
}
