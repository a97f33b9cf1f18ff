import { PageShell } from '../../components/layout/page-shell';
import { useScrollToHash } from '../../components/layout/scroll-to-section';
import { FeaturesSection } from './components/features-section';
import { GetStartedSection } from './components/get-started-section';
import { HeroSection } from './components/hero-section';
import { HowItWorksSection } from './components/how-it-works-section';
import { PricingSection } from './components/pricing-section';
import { SafetySection } from './components/safety-section';
import { TestimonialsSection } from './components/testimonials-section';

/** Spec §2: sections with anchors home, features, how-it-works, safety, pricing, testimonials. */
export function LandingPage() {
  useScrollToHash();
  return (
    <PageShell>
      <main className="flex-1 bg-white">
        <HeroSection />
        <FeaturesSection />
        <HowItWorksSection />
        <SafetySection />
        <PricingSection />
        <TestimonialsSection />
        <GetStartedSection />
      </main>
    </PageShell>
  );
}
