import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

/**
 * Another way to sign in, under the login form (a passkey, single sign-on): full width, its label wrapping on a phone
 * (in some languages it is longer than the button is wide).
 */
export function SignInOptionButton(props: ButtonProps & ComponentPropsWithoutRef<'button'>) {
  return (
    <Button
      variant="default"
      fullWidth
      size="md"
      h="auto"
      mih={42}
      py={6}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
      {...props}
    />
  );
}
