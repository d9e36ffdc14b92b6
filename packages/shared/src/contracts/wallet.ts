import { z } from 'zod';

/**
 * Which wallet passes a ticket can be added to: each true when the operator configured it (APPLE_WALLET_*,
 * GOOGLE_WALLET_*) and the ticket admits (paid or free, not cancelled).
 */
export interface WalletOfferDto {
  apple: boolean;
  google: boolean;
}

export const walletOfferSchema = z.object({
  apple: z.boolean(),
  google: z.boolean(),
}) satisfies z.ZodType<WalletOfferDto>;

// The PassKit web service (Apple's paths and bodies; https://developer.apple.com/documentation/walletpasses).
const token = z.string().min(1).max(200);

export const passkitPassParams = z.object({ passTypeId: token, serial: token });
export const passkitDeviceParams = z.object({ deviceId: token, passTypeId: token });
export const passkitRegistrationParams = z.object({ deviceId: token, passTypeId: token, serial: token });
export const passkitRegistrationBody = z.object({ pushToken: token });
export const passkitUpdatedQuery = z.object({ passesUpdatedSince: z.string().max(40).optional() });
export const passkitLogBody = z.object({ logs: z.array(z.string().max(2000)).max(100) });

/** Which of a device's passes changed, and the tag to ask with next time. */
export const passkitUpdatedResponse = z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() });
/** 204: none of them changed. */
export const passkitNoneChanged = z.null().describe('None changed');
