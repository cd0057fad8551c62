// Server error codes of the wallet slice that @app/shared does not know yet: registered once at
// module load, so apiErrorMessage() translates them.
import { msg } from '@lingui/core/macro';
import { registerApiErrorMessages } from '@app/shared';

registerApiErrorMessages({
  'withdraw.label_digits': msg({
    id: 'apitip.withdraw.label_digits',
    message: 'For this coin the tag must contain digits only',
  }),
});
