/** The first thing a keyboard reaches: jumps past the header to the page's content. */
export function SkipLink() {
  return (
    <a
      href="#page-content"
      onClick={(event) => {
        // Move focus without touching the URL hash, which pages use for their sections.
        event.preventDefault();
        document.getElementById('page-content')?.focus();
      }}
      className="sr-only z-[80] rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      Skip to content
    </a>
  );
}
