import { NumberInput, type NumberInputProps } from '@mantine/core';

interface WholeNumberInputProps extends Omit<NumberInputProps, 'value' | 'onChange' | 'allowDecimal' | 'allowNegative'> {
  value: number | '' | undefined;
  /** A number, or '' while the field is empty. */
  onChange(value: number | ''): void;
}

/**
 * A whole-number field that refuses anything else as it is typed: letters, decimal points
 * and exponents never reach the value ('abc' is not saved as 0, nor '1e9' as 1). A minus
 * sign is kept, so '-50' stays -50 and the form's schema refuses it with its range message
 * beside the field (dropping the sign saved 50: issue 29).
 */
export function WholeNumberInput({ value, onChange, ...props }: WholeNumberInputProps) {
  return (
    <NumberInput
      {...props}
      value={value ?? ''}
      onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? '' : Number.isInteger(Number(next)) ? Number(next) : '')}
      allowDecimal={false}
      allowNegative
      hideControls
      inputMode="numeric"
    />
  );
}
