import { PORTFOLIO_ITEMS } from '@/content/portfolio';
import { PortfolioCard } from './portfolio-card';
import { useDeferredModule } from './use-deferred-module';
import './carousels.css';

/**
 * The Portfolio carousel of the home page. The prerendered page shows the projects as a scrollable list of the same
 * size; swiper is fetched when the section nears the viewport and takes over in place.
 */
export function PortfolioCarousel({ label }: { label: string }) {
  const { ref, module } = useDeferredModule(() => import('./portfolio-swiper'));
  const Swiper = module?.PortfolioSwiper;
  return (
    <div ref={ref} className="carousel carousel--portfolio">
      {Swiper ? (
        <Swiper items={PORTFOLIO_ITEMS} label={label} />
      ) : (
        <ul className="carousel__static carousel__static--portfolio" aria-label={label}>
          {PORTFOLIO_ITEMS.map((item) => (
            <li key={item.url}>
              <PortfolioCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
