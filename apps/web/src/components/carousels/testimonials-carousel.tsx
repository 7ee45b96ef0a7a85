import { useRef } from 'react';
import { NEEDS_APP, ServerRenderedIsland } from '@/components/content/server-rendered-island';
import { useSiteContentIfBundled } from '@/components/content/site-content';
import { readTestimonials, TestimonialsStaticList } from './static-lists';
import { useDeferredModule } from './use-deferred-module';
import './carousels.css';

/** "What Our Clients Say": the static list of quotes until react-slick is fetched near the viewport. */
export function TestimonialsCarousel({ label }: { label: string }) {
  const content = useSiteContentIfBundled();
  const island = useRef<HTMLElement>(null);
  const { ref, module } = useDeferredModule(async () => {
    const { TestimonialsSlider } = await import('./testimonials-slider');
    return { TestimonialsSlider, items: content?.testimonials ?? readTestimonials(island.current) };
  });
  return (
    <div ref={ref} className="carousel carousel--testimonials" {...NEEDS_APP}>
      {module ? (
        <module.TestimonialsSlider label={label} testimonials={module.items} />
      ) : (
        <ServerRenderedIsland ref={island} className="carousel__island">
          {content && <TestimonialsStaticList label={label} items={content.testimonials} />}
        </ServerRenderedIsland>
      )}
    </div>
  );
}
