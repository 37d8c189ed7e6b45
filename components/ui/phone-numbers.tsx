/** Phone numbers as tappable links ("988 or 911"); the visible text keeps its local spacing. */
export function PhoneNumbers({ numbers }: { numbers: string[] }) {
  return (
    <>
      {numbers.map((number, index) => (
        <span key={number}>
          {index > 0 ? " or " : null}
          <a
            href={`tel:${number.replace(/[^\d+]/g, "")}`}
            className="whitespace-nowrap rounded-sm font-semibold text-deep-teal-700 underline decoration-deep-teal-100 decoration-2 underline-offset-4 hover:decoration-deep-teal-700"
          >
            {number}
          </a>
        </span>
      ))}
    </>
  );
}
