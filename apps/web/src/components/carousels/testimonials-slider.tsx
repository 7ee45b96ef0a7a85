import { TIMINGS } from '@agency/shared';
import { useRef, useState } from 'react';
import SlickModule, { type Settings } from 'react-slick';
import 'slick-carousel/slick/slick.css';
import type { Testimonial } from '@/content/testimonials';
import { useMediaQuery } from '@/components/ui/use-media-query';
import { usePrefersReducedMotion } from '@/components/ui/use-prefers-reduced-motion';
import { AutoplayToggle } from './autoplay-toggle';
import { TestimonialCard } from './testimonial-card';

/* react-slick is CommonJS with an ES default export; depending on the bundler's interop the class sits one level down. */
const Slider = (SlickModule as unknown as { default?: typeof SlickModule }).default ?? SlickModule;

/** The testimonial carousel settings of spec 9. */
export const TESTIMONIAL_SLIDER_SETTINGS = {
  dots: true,
  infinite: true,
  slidesToShow: 2,
  slidesToScroll: 1,
  speed: TIMINGS.TESTIMONIAL_TRANSITION_MS,
  autoplay: true,
  autoplaySpeed: TIMINGS.CAROUSEL_AUTOPLAY_MS,
  arrows: false,
  pauseOnHover: true,
  pauseOnFocus: true,
  pauseOnDotsHover: true,
} satisfies Settings;

/** On phones one quote per view keeps it readable (react-slick's own `responsive` misses the first render). */
const PHONE_QUERY = '(max-width: 767px)';

export function TestimonialsSlider({ label, testimonials }: { label: string; testimonials: readonly Testimonial[] }) {
  const reducedMotion = usePrefersReducedMotion();
  const phone = useMediaQuery(PHONE_QUERY);
  const [userPaused, setUserPaused] = useState(false);
  const sliderRef = useRef<SlickModule>(null);
  const playing = !reducedMotion && !userPaused;

  const pauseByUser = () => {
    sliderRef.current?.slickPause();
    setUserPaused(true);
  };

  const toggle = () => {
    if (playing) sliderRef.current?.slickPause();
    else sliderRef.current?.slickPlay();
    setUserPaused(playing);
  };

  return (
    <section
      className="carousel__live carousel__live--slick"
      aria-roledescription="carousel"
      aria-label={label}
      onClickCapture={(event) => {
        if ((event.target as HTMLElement).closest('.slick-dots')) pauseByUser();
      }}
    >
      <Slider
        ref={sliderRef}
        {...TESTIMONIAL_SLIDER_SETTINGS}
        slidesToShow={phone ? 1 : TESTIMONIAL_SLIDER_SETTINGS.slidesToShow}
        autoplay={playing}
        speed={reducedMotion ? 0 : TESTIMONIAL_SLIDER_SETTINGS.speed}
        onSwipe={pauseByUser}
        customPaging={(index) => (
          <button type="button">
            <span className="visually-hidden">Show testimonial {index + 1}</span>
          </button>
        )}
      >
        {testimonials.map((testimonial) => (
          <div key={testimonial.name} className="carousel__slide">
            <TestimonialCard testimonial={testimonial} />
          </div>
        ))}
      </Slider>
      {!reducedMotion && <AutoplayToggle playing={playing} onToggle={toggle} label="testimonials" />}
    </section>
  );
}
