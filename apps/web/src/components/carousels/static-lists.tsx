import type { PortfolioItem } from '@/content/portfolio';
import type { Testimonial } from '@/content/testimonials';
import { PortfolioCard } from './portfolio-card';
import { TestimonialCard } from './testimonial-card';

/*
 * The carousels' content as plain lists: what the prerendered page and a visitor without JavaScript see. The live
 * carousel that takes over in the browser reads its slides back from this markup (the browser's bundle holds no
 * content, docs/decisions/0043), so it shows what the server published.
 */

export function PortfolioStaticList({ label, items }: { label: string; items: readonly PortfolioItem[] }) {
  return (
    <ul className="carousel__static carousel__static--portfolio" aria-label={label}>
      {items.map((item) => (
        <li key={item.url}>
          <PortfolioCard item={item} />
        </li>
      ))}
    </ul>
  );
}

export function TestimonialsStaticList({ label, items }: { label: string; items: readonly Testimonial[] }) {
  return (
    // Focusable so keyboard users can scroll the row when it is wider than the screen (quotes have no links).
    <ul className="carousel__static carousel__static--testimonials" aria-label={label} tabIndex={0}>
      {items.map((testimonial) => (
        <li key={testimonial.name}>
          <TestimonialCard testimonial={testimonial} />
        </li>
      ))}
    </ul>
  );
}

const textOf = (card: Element, selector: string) => card.querySelector(selector)?.textContent ?? '';

/** The projects of a PortfolioStaticList the server rendered inside `element`. */
export function readPortfolioItems(element: Element | null): PortfolioItem[] {
  return [...(element?.querySelectorAll('.portfolio-card') ?? [])].map((card, index) => {
    const image = card.querySelector('img');
    return {
      id: index + 1,
      title: textOf(card, '.portfolio-card__title'),
      img: image?.getAttribute('src') ?? '',
      alt: image?.getAttribute('alt') ?? '',
      url: card.querySelector('a')?.getAttribute('href') ?? '',
    };
  });
}

/** The quotes of a TestimonialsStaticList the server rendered inside `element`. */
export function readTestimonials(element: Element | null): Testimonial[] {
  return [...(element?.querySelectorAll('.testimonial-card') ?? [])].map((card) => ({
    name: textOf(card, '.testimonial-card__name'),
    role: textOf(card, '.testimonial-card__role'),
    feedback: textOf(card, 'blockquote'),
    category: textOf(card, '.testimonial-card__category') as Testimonial['category'],
  }));
}
