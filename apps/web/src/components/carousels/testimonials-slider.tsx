import { TIMINGS } from '@agency/shared';
import { useRef, useState } from 'react';
import Slider, { type Settings } from 'react-slick';
import 'slick-carousel/slick/slick.css';
import { TESTIMONIALS } from '@/content/testimonials';
import { usePrefersReducedMotion } from '@/components/ui/use-prefers-reduced-motion';
import { AutoplayToggle } from './autoplay-toggle';
import { TestimonialCard } from './testimonial-card';

/** The testimonial carousel settings of spec 9; one slide per view on phones so a quote stays readable. */
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
  responsive: [{ breakpoint: 768, settings: { slidesToShow: 1 } }],
} satisfies Settings;

export function TestimonialsSlider({
  label,
  testimonials = TESTIMONIALS,
}: {
  label: string;
  testimonials?: typeof TESTIMONIALS;
}) {
  const reducedMotion = usePrefersReducedMotion();
  const [userPaused, setUserPaused] = useState(false);
  const sliderRef = useRef<Slider>(null);
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
