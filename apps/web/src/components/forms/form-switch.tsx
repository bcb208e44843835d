import type { ComponentProps } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Switch } from '@/components/ui/switch';

type FormSwitchProps<T extends FieldValues, C, R extends FieldValues> = Omit<
  ComponentProps<typeof Switch>,
  'name' | 'checked' | 'onCheckedChange' | 'onBlur' | 'ref'
> & {
  control: Control<T, C, R>;
  name: FieldPath<T>;
  /** Runs after each change is kept (a form clearing its "saved" notice). */
  onChanged?: (on: boolean) => void;
};

/** A form's yes/no field: react-hook-form's Controller around the kit's Switch. */
export function FormSwitch<T extends FieldValues, C = unknown, R extends FieldValues = T>({ control, name, onChanged, ...props }: FormSwitchProps<T, C, R>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          {...props}
          checked={field.value}
          onCheckedChange={(on) => {
            field.onChange(on);
            onChanged?.(on);
          }}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
