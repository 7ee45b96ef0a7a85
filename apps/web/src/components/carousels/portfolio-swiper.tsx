import { TIMINGS } from '@agency/shared';
import { useRef, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import type { PortfolioItem } from '@/content/portfolio';
import { usePrefersReducedMotion } from '@/components/ui/use-prefers-reduced-motion';
import { AutoplayToggle } from './autoplay-toggle';
import { PortfolioCard } from './portfolio-card';

/** Slides per view by viewport width, spacing and autoplay of spec 9. */
export const PORTFOLIO_SWIPER_SETTINGS = {
  slidesPerView: 1,
  spaceBetween: 20,
  breakpoints: { 768: { slidesPerView: 2 }, 1024: { slidesPerView: 3 }, 1280: { slidesPerView: 4 } },
  loop: true,
  navigation: true,
  pagination: { clickable: true },
  autoplayDelay: TIMINGS.CAROUSEL_AUTOPLAY_MS,
} as const;

export function PortfolioSwiper({ label, items }: { label: string; items: readonly PortfolioItem[] }) {
  const reducedMotion = usePrefersReducedMotion();
  const [userPaused, setUserPaused] = useState(false);
  const swiperRef = useRef<SwiperInstance | null>(null);
  const playing = !reducedMotion && !userPaused;

  const stop = () => swiperRef.current?.autoplay?.stop();
  const resume = () => {
    if (playing) swiperRef.current?.autoplay?.start();
  };

  const pauseByUser = () => {
    stop();
    setUserPaused(true);
  };

  const toggle = () => {
    if (playing) stop();
    else swiperRef.current?.autoplay?.start();
    setUserPaused(playing);
  };

  return (
    <div
      className="carousel__live"
      onFocus={stop}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resume();
      }}
    >
      <Swiper
        modules={[Navigation, Pagination, Autoplay, Keyboard, A11y]}
        aria-label={label}
        slidesPerView={PORTFOLIO_SWIPER_SETTINGS.slidesPerView}
        spaceBetween={PORTFOLIO_SWIPER_SETTINGS.spaceBetween}
        breakpoints={PORTFOLIO_SWIPER_SETTINGS.breakpoints}
        loop={PORTFOLIO_SWIPER_SETTINGS.loop}
        navigation={PORTFOLIO_SWIPER_SETTINGS.navigation}
        pagination={PORTFOLIO_SWIPER_SETTINGS.pagination}
        keyboard={{ enabled: true, onlyInViewport: true }}
        a11y={{
          prevSlideMessage: 'Previous project',
          nextSlideMessage: 'Next project',
          paginationBulletMessage: 'Go to project {{index}}',
        }}
        speed={reducedMotion ? 0 : 400}
        autoplay={
          playing
            ? { delay: PORTFOLIO_SWIPER_SETTINGS.autoplayDelay, pauseOnMouseEnter: true, disableOnInteraction: true }
            : false
        }
        onSwiper={(swiper) => {
          swiperRef.current = swiper;
        }}
        onTouchStart={pauseByUser}
        onNavigationNext={pauseByUser}
        onNavigationPrev={pauseByUser}
      >
        {items.map((item) => (
          <SwiperSlide key={item.url}>
            <PortfolioCard item={item} />
          </SwiperSlide>
        ))}
      </Swiper>
      {!reducedMotion && <AutoplayToggle playing={playing} onToggle={toggle} label="project slideshow" />}
    </div>
  );
}
