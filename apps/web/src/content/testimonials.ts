import { CONTENT_SEED, type TestimonialData } from '@agency/shared';

/**
 * The quotes of "What Our Clients Say" (spec 2 and 3), as the carousels draw them. They are content staff edit
 * (docs/decisions/0043): `toTestimonial` turns one published item into a Testimonial; TESTIMONIALS are the seed's six.
 */

export interface Testimonial {
  name: string;
  role: string;
  feedback: string;
  category: TestimonialData['category'];
}

/** One published testimonial as a card shows it. */
export function toTestimonial(data: TestimonialData): Testimonial {
  return { name: data.name, role: data.role, feedback: data.quote, category: data.category };
}

const seedTestimonials = () => CONTENT_SEED.testimonial.map((item) => toTestimonial(item.data));

/** The seed's testimonials (today's six), in the carousel's order. */
export const TESTIMONIALS: Testimonial[] = /* @__PURE__ */ seedTestimonials();
