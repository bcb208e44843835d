import type { ComponentProps } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Input } from '@/components/ui/input';

type FormattedInputProps<T extends FieldValues, C, R extends FieldValues> = Omit<
  ComponentProps<typeof Input>,
  'name' | 'value' | 'onChange' | 'onBlur' | 'ref'
> & {
  control: Control<T, C, R>;
  name: FieldPath<T>;
  /** What is kept of what was typed (a code's digits, a handle in lower case…). */
  format: (typed: string) => string;
  /** Runs on each change before the value is kept (a form clearing its notice). */
  onTyped?: () => void;
};

/** A form's text field whose value is formatted as it is typed: react-hook-form's Controller around the kit's Input. */
export function FormattedInput<T extends FieldValues, C = unknown, R extends FieldValues = T>({
  control,
  name,
  format,
  onTyped,
  ...props
}: FormattedInputProps<T, C, R>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Input
          {...field}
          {...props}
          onChange={(e) => {
            onTyped?.();
            field.onChange(format(e.target.value));
          }}
        />
      )}
    />
  );
}
