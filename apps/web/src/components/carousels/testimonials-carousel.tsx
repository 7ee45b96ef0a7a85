import { NEEDS_APP, ServerRenderedIsland } from './server-rendered-island';
import { TestimonialsStaticList } from './static-lists';
import { useDeferredModule } from './use-deferred-module';
import './carousels.css';

/** "What Our Clients Say": the static list of quotes until react-slick is fetched near the viewport. */
export function TestimonialsCarousel({ label }: { label: string }) {
  const { ref, module } = useDeferredModule(() => import('./testimonials-slider'));
  const Slider = module?.TestimonialsSlider;
  return (
    <div ref={ref} className="carousel carousel--testimonials" {...NEEDS_APP}>
      {Slider ? (
        <Slider label={label} />
      ) : (
        <ServerRenderedIsland className="carousel__island">
          {/* Only the server build references the list, so its data stays out of the browser's bundle. */}
          {import.meta.env.SSR && <TestimonialsStaticList label={label} />}
        </ServerRenderedIsland>
      )}
    </div>
  );
}
