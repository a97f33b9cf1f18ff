import { useId, useState } from 'react';
import { PRODUCT_NAME } from '@aeropool/contract/product';

const FAQS = [
  {
    question: `How does ${PRODUCT_NAME} find me a co-passenger?`,
    answer:
      'Post a ride request with your terminal, your place in the city and your travel time. We show riders one cab can take with you within everyone’s detour and waiting limits, with a match percentage: how much that shared cab saves against riding alone, less for any detour or wait (100% is the same trip at the same time). You send or accept a match request.',
  },
  {
    question: 'How do we split the fare?',
    answer:
      'You book the cab together and split the fare between yourselves, in cash or any method you prefer. Fares shown in the app are estimates; the actual fare depends on the cab you book.',
  },
  {
    // Spec §1: this answer must say the service is free, so there are no refunds.
    question: 'Can I get a refund?',
    answer: `${PRODUCT_NAME} charges nothing for its service, so no refunds apply. Any fare you share is settled directly between you and your co-passengers.`,
  },
];

export function FaqSection() {
  const baseId = useId();
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  return (
    <section id="faq" aria-labelledby="faq-title">
      <h2 id="faq-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Frequently Asked Questions
      </h2>
      <div className="mt-6 divide-y divide-slate-200 overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm">
        {FAQS.map((faq, index) => {
          const isOpen = openIndex === index;
          const buttonId = `${baseId}-question-${index}`;
          const panelId = `${baseId}-answer-${index}`;
          return (
            <div key={faq.question}>
              <h3>
                <button
                  id={buttonId}
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => setOpenIndex(isOpen ? null : index)}
                  className="flex w-full items-center justify-between gap-4 px-5 py-5 text-left font-semibold text-slate-900 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-6"
                >
                  {faq.question}
                  <svg
                    viewBox="0 0 20 20"
                    width="20"
                    height="20"
                    aria-hidden="true"
                    className={`shrink-0 text-slate-500 transition-transform ${isOpen ? 'rotate-180' : ''}`}
                  >
                    <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" />
                  </svg>
                </button>
              </h3>
              <div
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                hidden={!isOpen}
                className="px-5 pb-5 leading-7 text-slate-600 sm:px-6"
              >
                {faq.answer}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
