import { TESTIMONIALS } from '@/content/testimonials';
import { TestimonialCard } from './testimonial-card';
import { useDeferredModule } from './use-deferred-module';
import './carousels.css';

/** "What Our Clients Say": a static row of quotes until react-slick is fetched near the viewport. */
export function TestimonialsCarousel({ label }: { label: string }) {
  const { ref, module } = useDeferredModule(() => import('./testimonials-slider'));
  const Slider = module?.TestimonialsSlider;
  return (
    <div ref={ref} className="carousel carousel--testimonials">
      {Slider ? (
        <Slider testimonials={TESTIMONIALS} label={label} />
      ) : (
        <ul className="carousel__static carousel__static--testimonials" aria-label={label}>
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
