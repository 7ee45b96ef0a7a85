import { NEEDS_APP, ServerRenderedIsland } from './server-rendered-island';
import { PortfolioStaticList } from './static-lists';
import { useDeferredModule } from './use-deferred-module';
import './carousels.css';

/**
 * The Portfolio carousel of the home page. The prerendered page shows the projects as a scrollable list of the same
 * size; swiper and the project data are fetched when the section nears the viewport and take over in place.
 */
export function PortfolioCarousel({ label }: { label: string }) {
  const { ref, module } = useDeferredModule(() => import('./portfolio-swiper'));
  const Swiper = module?.PortfolioSwiper;
  return (
    <div ref={ref} className="carousel carousel--portfolio" {...NEEDS_APP}>
      {Swiper ? (
        <Swiper label={label} />
      ) : (
        <ServerRenderedIsland className="carousel__island">
          {/* Only the server build references the list, so its data stays out of the browser's bundle. */}
          {import.meta.env.SSR && <PortfolioStaticList label={label} />}
        </ServerRenderedIsland>
      )}
    </div>
  );
}
