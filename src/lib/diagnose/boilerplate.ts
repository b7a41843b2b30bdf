/**
 * Lines that frameworks print under many different failures. They carry no signal: a log is
 * never matched on them, and their presence never raises an entry. Each has a literal key for
 * a cheap check, a pattern for the sentence, and, when a log may wrap the sentence onto two
 * or three lines, its text as printed, so that each piece is known too. Add one only when the
 * same line appears under failures with different causes (the unit tests show why each is here).
 */
export const BOILERPLATE: { key: string; re: RegExp; texts?: string[]; why: string }[] = [
  {
    key: 'might be asynchronously reported',
    re: /CUDA kernel errors might be asynchronously reported at some other API call/,
    texts: [
      'CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.',
    ],
    why: 'printed under every asynchronous CUDA error: device-side asserts, illegal accesses, cuBLAS failures',
  },
  {
    key: 'CUDA_LAUNCH_BLOCKING',
    re: /For debugging consider passing CUDA_LAUNCH_BLOCKING=1/,
    texts: ['For debugging consider passing CUDA_LAUNCH_BLOCKING=1'],
    why: 'the same debugging hint follows every asynchronous CUDA error',
  },
  {
    key: 'TORCH_USE_CUDA_DSA',
    re: /Compile with `?TORCH_USE_CUDA_DSA`? to enable device-side assertions/,
    texts: ['Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.'],
    why: 'appended to every CUDA error message since PyTorch 2.1',
  },
  {
    key: 'expandable_segments:True to avoid fragmentation',
    re: /If reserved but unallocated memory is large try setting PYTORCH_(?:CUDA_)?ALLOC_CONF=expandable_segments:True/,
    texts: [
      'If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.',
      'If reserved but unallocated memory is large try setting PYTORCH_ALLOC_CONF=expandable_segments:True to avoid fragmentation.',
    ],
    why: 'part of every CUDA out-of-memory message since PyTorch 2.2 (naming PYTORCH_ALLOC_CONF in newer releases), whatever the cause; fragmentation is told by the size reserved but unallocated',
  },
  {
    key: 'See documentation for Memory Management',
    re: /See documentation for Memory Management/,
    why: 'the documentation pointer at the end of every out-of-memory message',
  },
  {
    key: 'To execute this test, run the following',
    re: /To execute this test, run the following from the base repo dir/,
    why: "PyTorch's test-suite footer",
  },
];
