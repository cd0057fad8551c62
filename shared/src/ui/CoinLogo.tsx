import { memo, useState } from 'react';
import Box from '@mui/material/Box';

/** The pair's logo, or its first letter when the image is missing. */
export const CoinLogo = memo(function CoinLogo({
  src,
  name,
  size = 28,
}: {
  src: string;
  name: string;
  size?: number;
}) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <Box
        aria-hidden
        sx={{
          width: size,
          height: size,
          flex: 'none',
          borderRadius: '50%',
          bgcolor: 'action.selected',
          color: 'text.secondary',
          display: 'grid',
          placeItems: 'center',
          fontSize: size * 0.45,
          fontWeight: 600,
        }}
      >
        {name.slice(0, 1)}
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt=""
      loading="lazy"
      onError={() => setBroken(true)}
      sx={{ width: size, height: size, flex: 'none', borderRadius: '50%' }}
    />
  );
});
