import type { Testimonial } from '@/content/testimonials';

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="testimonial-card">
      <p className="testimonial-card__category">{testimonial.category}</p>
      <blockquote>
        <p>{testimonial.feedback}</p>
      </blockquote>
      <figcaption>
        <span className="testimonial-card__name">{testimonial.name}</span>
        <span className="testimonial-card__role">{testimonial.role}</span>
      </figcaption>
    </figure>
  );
}
