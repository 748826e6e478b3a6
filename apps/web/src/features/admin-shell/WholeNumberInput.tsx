import { NumberInput, type NumberInputProps } from '@mantine/core';

interface WholeNumberInputProps extends Omit<NumberInputProps, 'value' | 'onChange' | 'allowDecimal' | 'allowNegative'> {
  value: number | '' | undefined;
  /** A number, or '' while the field is empty. */
  onChange(value: number | ''): void;
}

/**
 * A whole-number field that refuses anything else as it is typed: letters, signs, decimal
 * points and exponents never reach the value ('abc' is not saved as 0, nor '1e9' as 1). The
 * range is checked by the form's schema, whose message shows beside the field.
 */
export function WholeNumberInput({ value, onChange, ...props }: WholeNumberInputProps) {
  return (
    <NumberInput
      {...props}
      value={value ?? ''}
      onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? '' : Number.isInteger(Number(next)) ? Number(next) : '')}
      allowDecimal={false}
      allowNegative={false}
      hideControls
      inputMode="numeric"
    />
  );
}
