import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ConfirmDialog,
  Link as RouterLink,
  SanitizedHtml,
  StorageKey,
  amountValue,
  apiErrorMessage,
  formatBalance,
  notify,
  useNavigate,
  writeStorage,
  type AmountRules,
  FigureRow,
} from '@app/shared';
import { DecimalField } from '@app/shared/DecimalField';
import { launchApi, type LaunchProject } from '../api/launchApi';
import { payAmount, validateSubscription } from '../model/launch';
import { launchMessages, phaseLabel, subscribeProblemMessage } from '../model/messages';
import { usePolledPrice } from '../hooks/usePolledPrice';
import { formatAmount } from '../../common';

/** Subscription quantities: up to 8 decimals. */
const AMOUNT_RULES: AmountRules = { decimals: 8 };

/** The project, the balance, the amount with its live pay amount, and subscribe. */
export function LaunchProjectView({
  project,
  onSubscribed,
}: {
  project: LaunchProject;
  onSubscribed: () => void;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const currencies = project.pay_currencies?.length
    ? project.pay_currencies
    : [{ c_id: 3, name: project.c_name || 'USDT' }];
  const [cId, setCId] = useState(currencies[0]!.c_id);
  const payName = currencies.find((c) => c.c_id === cId)?.name ?? project.c_name;
  const price = usePolledPrice(cId, cId === 3 ? project.buymoney : undefined);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // A second tap on Confirm before the answer arrives sends nothing.
  const sending = useRef(false);
  const balance =
    project.detail?.balances?.find((b) => b.c_id === cId)?.balance ??
    (cId === 3 ? project.detail?.balance : undefined);
  // Only a valid quantity has a pay amount.
  const quantity = amountValue(amount, AMOUNT_RULES);
  const pay = price && quantity !== null ? payAmount(price, quantity) : '';

  const check = () => {
    // A typed quantity that is not a valid amount is explained under the field.
    if (amount !== '' && amountValue(amount, AMOUNT_RULES) === null) return;
    const problem = validateSubscription(amount, project.min, project.max);
    if (problem) {
      const text = i18n._(subscribeProblemMessage[problem]);
      setError(text);
      notify(text, 'warning');
      return;
    }
    if (!price) return;
    setConfirming(true);
  };

  const subscribe = async () => {
    if (sending.current || !price || quantity === null) return;
    sending.current = true;
    setBusy(true);
    try {
      await launchApi.subscribe({ amount: quantity, buymoney: price, c_id: cId });
      notify(i18n._(launchMessages.subscribed), 'success');
      setAmount('');
      onSubscribed();
    } catch (e) {
      notify(apiErrorMessage(i18n, e), 'error');
    } finally {
      sending.current = false;
      setBusy(false);
      setConfirming(false);
    }
  };

  const goTrade = () => {
    writeStorage(StorageKey.currentCurrency, project.bname);
    writeStorage(StorageKey.currentCurrencyId, String(project.c_id));
    navigate('/exchange');
  };

  const lockDays = String(project.iepn_scz);
  // Only the subscription phase takes orders (the server refuses others with launch.not_open).
  const open = project.phase === undefined || project.phase === 'subscription';
  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h5" component="h2">
              {project.bname}
            </Typography>
            {project.phase && <Chip label={i18n._(phaseLabel[project.phase])} color="primary" size="small" />}
          </Stack>
          {project.keyword && <Typography sx={{ color: 'text.secondary' }}>{project.keyword}</Typography>}
          {project.abstract && <Typography sx={{ mt: 1 }}>{project.abstract}</Typography>}
          <Box sx={{ mt: 1 }}>
            <FigureRow label={<Trans>Price</Trans>}>
              {project.buymoney} {project.c_name}
            </FigureRow>
            <FigureRow label={<Trans>Total</Trans>}>{formatAmount(project.total)}</FigureRow>
            <FigureRow label={<Trans>Sold</Trans>}>{formatAmount(project.right)}</FigureRow>
            <FigureRow label={<Trans>Remaining</Trans>}>{formatAmount(project.left)}</FigureRow>
            {project.min && project.max && (
              <FigureRow label={<Trans>Per order</Trans>}>
                {formatAmount(project.min)} – {formatAmount(project.max)}
              </FigureRow>
            )}
            <FigureRow label={<Trans>Lock period</Trans>}>
              <Trans>{lockDays} days</Trans>
            </FigureRow>
          </Box>
          {project.baipishuurl && (
            <Link
              href={project.baipishuurl}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ display: 'inline-block', py: 1.5 }}
            >
              <Trans>White paper</Trans>
            </Link>
          )}
        </CardContent>
      </Card>

      <Card variant="outlined" component="section" aria-label={t`Subscribe`}>
        <CardContent>
          <Stack spacing={2}>
            <TextField
              select
              label={t`Pay with`}
              value={String(cId)}
              onChange={(e) => setCId(Number(e.target.value))}
              slotProps={{ select: { native: true } }}
            >
              {currencies.map((c) => (
                <option key={c.c_id} value={String(c.c_id)}>
                  {c.name}
                </option>
              ))}
            </TextField>
            <Typography variant="body2" data-testid="launch-balance">
              <Trans>
                Available: {balance === undefined ? '--' : formatBalance(balance, payName)} {payName}
              </Trans>
            </Typography>
            <Typography variant="body2" data-testid="launch-price">
              <Trans>
                1 {project.bname} = {price ?? '--'} {payName}
              </Trans>
            </Typography>
            <DecimalField
              label={t`Quantity (${project.bname})`}
              value={amount}
              rules={AMOUNT_RULES}
              onChange={(text) => {
                setAmount(text);
                setError('');
              }}
              helperText={error || ' '}
            />
            <Typography data-testid="launch-pay" sx={{ overflowWrap: 'anywhere' }}>
              <Trans>
                Pay amount: {pay || '--'} {payName}
              </Trans>
            </Typography>
            {!open && (
              <Typography variant="body2" sx={{ color: 'warning.main' }}>
                <Trans>The subscription is not open</Trans>
              </Typography>
            )}
            <Button
              variant="contained"
              size="large"
              onClick={check}
              disabled={busy || !price || !open}
              sx={{ minHeight: 48 }}
            >
              <Trans>Subscribe</Trans>
            </Button>
            <Stack direction="row" spacing={1}>
              <Button component={RouterLink} to="/Uplist" variant="outlined" fullWidth sx={{ minHeight: 44 }}>
                <Trans>My subscriptions</Trans>
              </Button>
              <Button variant="outlined" fullWidth onClick={goTrade} sx={{ minHeight: 44 }}>
                <Trans>Trade {project.bname}</Trans>
              </Button>
            </Stack>
          </Stack>
          <ConfirmDialog
            open={confirming}
            busy={busy}
            title={t`Confirm subscription`}
            confirmLabel={t`Subscribe`}
            onClose={() => !busy && setConfirming(false)}
            onConfirm={() => void subscribe()}
          >
            <FigureRow label={<Trans>Quantity</Trans>}>
              {amount} {project.bname}
            </FigureRow>
            <FigureRow label={<Trans>Price</Trans>}>
              {price ?? '--'} {payName}
            </FigureRow>
            <FigureRow label={<Trans>Fee</Trans>}>0 {payName}</FigureRow>
            <FigureRow label={<Trans>Pay amount</Trans>}>
              {pay || '--'} {payName}
            </FigureRow>
            <FigureRow label={<Trans>Lock period</Trans>}>
              <Trans>{lockDays} days</Trans>
            </FigureRow>
          </ConfirmDialog>
        </CardContent>
      </Card>

      {project.content && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="subtitle1" component="h2">
              <Trans>Project details</Trans>
            </Typography>
            <SanitizedHtml html={project.content} />
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
