// What the tracking search accepts as a request number: the digits, alone or as people copy
// them from the confirmation ("nº 1234", "#1234", "Nº. 1.234"); anything else gets the hint.

/** A request number as the API takes it: 1 to 10 digits, no leading zero. */
export const isRequestNumber = (value: string) => /^[1-9]\d{0,9}$/.test(value);

/** The request number in what was typed, or undefined when it is not one. */
export function typedRequestNumber(typed: string): string | undefined {
  const match = /^\s*(?:n\s*[º°o]?\.?|#)?\s*([\d.\s]+?)\s*$/i.exec(typed);
  const digits = match?.[1]?.replace(/[.\s]/g, '') ?? '';
  return isRequestNumber(digits) ? digits : undefined;
}
