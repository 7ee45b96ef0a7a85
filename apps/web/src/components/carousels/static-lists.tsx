import { PORTFOLIO_ITEMS } from '@/content/portfolio';
import { TESTIMONIALS } from '@/content/testimonials';
import { PortfolioCard } from './portfolio-card';
import { TestimonialCard } from './testimonial-card';

/* The carousels' content as plain lists: what the prerendered page and a visitor without JavaScript see. */

export function PortfolioStaticList({ label }: { label: string }) {
  return (
    <ul className="carousel__static carousel__static--portfolio" aria-label={label}>
      {PORTFOLIO_ITEMS.map((item) => (
        <li key={item.url}>
          <PortfolioCard item={item} />
        </li>
      ))}
    </ul>
  );
}

export function TestimonialsStaticList({ label }: { label: string }) {
  return (
    // Focusable so keyboard users can scroll the row when it is wider than the screen (quotes have no links).
    <ul className="carousel__static carousel__static--testimonials" aria-label={label} tabIndex={0}>
      {TESTIMONIALS.map((testimonial) => (
        <li key={testimonial.name}>
          <TestimonialCard testimonial={testimonial} />
        </li>
      ))}
    </ul>
  );
}
