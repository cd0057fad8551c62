import Box from '@mui/material/Box';

/** A banner's picture filling its box: the still first banner and every slide of the slider. */
export function BannerImage({ src }: { src: string }) {
  return (
    <Box
      component="img"
      src={src}
      alt=""
      draggable={false}
      sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
    />
  );
}
