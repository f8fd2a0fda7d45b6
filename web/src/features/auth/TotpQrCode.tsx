import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useState } from 'react';

const SIZE = 200;

/**
 * The otpauth URI as a QR code, drawn as one SVG path. The QR encoder (uqr) is imported only when a
 * code is shown, so it is in no chunk the login page loads first.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const [modules, setModules] = useState<boolean[][] | null>(null);

  useEffect(() => {
    let current = true;
    void import('uqr').then(({ encode }) => {
      // medium error correction: a phone camera reads it off a screen at an angle
      if (current) setModules(encode(uri, { ecc: 'M', border: 2 }).data);
    });
    return () => {
      current = false;
    };
  }, [uri]);

  if (!modules) return <Skeleton variant="rectangular" width={SIZE} height={SIZE} aria-label="Loading QR code" />;
  const n = modules.length;
  const path = modules.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <Box
      component="svg"
      role="img"
      aria-label="QR code to scan with your authenticator app"
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
      sx={{ width: SIZE, height: SIZE, maxWidth: '100%', bgcolor: '#fff', display: 'block' }}
      data-otpauth-uri={uri}
    >
      <path d={path} fill="#000" />
    </Box>
  );
}
