import { useRef } from 'react';
import { NEEDS_APP, ServerRenderedIsland } from '@/components/content/server-rendered-island';
import { useSiteContentIfBundled } from '@/components/content/site-content';
import { PortfolioStaticList, readPortfolioItems } from './static-lists';
import { useDeferredModule } from './use-deferred-module';
import './carousels.css';

/**
 * The Portfolio carousel of the home page. The prerendered page shows the projects as a scrollable list of the same
 * size; swiper is fetched when the section nears the viewport and takes over in place with the list's projects.
 */
export function PortfolioCarousel({ label }: { label: string }) {
  const content = useSiteContentIfBundled();
  const island = useRef<HTMLElement>(null);
  const { ref, module } = useDeferredModule(async () => {
    const { PortfolioSwiper } = await import('./portfolio-swiper');
    return { PortfolioSwiper, items: content?.portfolio ?? readPortfolioItems(island.current) };
  });
  return (
    <div ref={ref} className="carousel carousel--portfolio" {...NEEDS_APP}>
      {module ? (
        <module.PortfolioSwiper label={label} items={module.items} />
      ) : (
        <ServerRenderedIsland ref={island} className="carousel__island">
          {content && <PortfolioStaticList label={label} items={content.portfolio} />}
        </ServerRenderedIsland>
      )}
    </div>
  );
}
