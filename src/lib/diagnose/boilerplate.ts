/**
 * Lines that frameworks print under many different failures. They carry no signal: a log is
 * never matched on them, and their presence never raises an entry. Each has a literal key for
 * a cheap check, a pattern for the sentence, and, when a piece of the sentence wrapped onto
 * another line would hold a word a cue reads, its text as printed, so that each piece is known
 * too. Add one only when the same line appears under failures with different causes (the unit
 * tests show why each is here).
 */
export const BOILERPLATE: {
  key: string;
  re: RegExp;
  /** the sentence as printed, for one whose pieces, wrapped onto several lines, hold a word a cue reads (`holds`) */
  wrapped?: { texts: string[]; holds: string };
  why: string;
}[] = [
  {
    key: 'might be asynchronously reported',
    re: /CUDA kernel errors might be asynchronously reported at some other API call/,
    why: 'printed under every asynchronous CUDA error: device-side asserts, illegal accesses, cuBLAS failures',
  },
  {
    key: 'CUDA_LAUNCH_BLOCKING',
    re: /For debugging consider passing CUDA_LAUNCH_BLOCKING=1/,
    why: 'the same debugging hint follows every asynchronous CUDA error',
  },
  {
    key: 'TORCH_USE_CUDA_DSA',
    re: /Compile with `?TORCH_USE_CUDA_DSA`? to enable device-side assertions/,
    why: 'appended to every CUDA error message since PyTorch 2.1',
  },
  {
    key: 'expandable_segments:True to avoid fragmentation',
    re: /If reserved but unallocated memory is large try setting PYTORCH_(?:CUDA_)?ALLOC_CONF=expandable_segments:True/,
    wrapped: {
      holds: 'expandable_segments',
      texts: [
        'If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.',
        'If reserved but unallocated memory is large try setting PYTORCH_ALLOC_CONF=expandable_segments:True to avoid fragmentation.',
      ],
    },
    why: 'part of every CUDA out-of-memory message since PyTorch 2.2 (naming PYTORCH_ALLOC_CONF in newer releases), whatever the cause; fragmentation is told by the size reserved but unallocated',
  },
  {
    key: 'See documentation for Memory Management',
    re: /See documentation for Memory Management/,
    why: 'the documentation pointer at the end of every out-of-memory message',
  },
  {
    key: 'You may consider adding `ignore_mismatched_sizes=True`',
    // "… in the model `from_pretrained` method" until Transformers 5, "… to `from_pretrained(...)` if appropriate" since
    re: /You may consider adding `ignore_mismatched_sizes=True`/,
    why: "Transformers' from_pretrained appends it to every size mismatch, whether the vocabulary, the architecture or an empty ZeRO-3 placeholder differs",
  },
  {
    key: 'To execute this test, run the following',
    re: /To execute this test, run the following from the base repo dir/,
    why: "PyTorch's test-suite footer",
  },
];
