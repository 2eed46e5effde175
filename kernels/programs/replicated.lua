-- Work that every processor does whole, however many processors there are (the prefix sums of
-- IS's merged counts, CG's scalar updates): ops done p times in parallel where one processor
-- alone would do them once. That is the serial part of the algorithm (seed 003 §2: the inherently
-- serial part of the algorithmic overhead). The simulate engine charges work marked with
-- ctx:serial, summed over the processors, as S (1 - 1/p) of overhead, so the work is marked on
-- rank 0 only and the other processors repeat it as plain computation: the marked total is then
-- the ops once, and every processor is busy for the same time.
return function(ctx, ops)
  if ctx.rank == 0 then
    ctx:serial(ops)
  else
    ctx:compute(ops)
  end
end
